import '@waypoint/ui/src/styles.css';
import { mountStandalone } from '@waypoint/platform/standalone';
import { mounts } from '../routes';

mountStandalone({
  module: { mounts },
  title: 'Waypoint account (development)',
  home: '/auth/login',
});
