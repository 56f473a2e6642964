import '@waypoint/ui/src/styles.css';
import { mountStandalone } from '@waypoint/platform/standalone';
import { mounts } from '../routes';

mountStandalone({
  module: { mounts },
  title: 'Waypoint application (development)',
  home: '/application/trip-details',
});
