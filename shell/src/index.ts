// Module Federation negotiates shared packages before the app starts, so the app lives behind this import.
import('./bootstrap');
