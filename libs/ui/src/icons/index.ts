/**
 * Icons and flags, a separate entry point of @waypoint/ui (`@waypoint/ui/icons`) that is not a shared package:
 * each front end bundles only the glyphs it imports. Glyphs come from the Lucide set, by name.
 */
export { Icon, type IconNode, type IconProps } from './Icon';
export { Flag, FLAG_PATH, flagSrc, type FlagProps } from './Flag';
export {
  ArrowRight,
  BadgeCheck,
  Check,
  ChevronDown,
  Circle,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CircleX,
  Compass,
  FilePlus,
  Globe,
  Inbox,
  LockKeyhole,
  Menu,
  MessageCircle,
  SearchX,
  Star,
  X,
} from 'lucide';
