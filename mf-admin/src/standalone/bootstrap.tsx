import '@waypoint/ui/src/styles.css';
import { mountStandalone } from '@waypoint/platform/standalone';
import { mounts } from '../routes';

mountStandalone({ module: { mounts }, title: 'Waypoint admin (development)', home: '/admin' });
