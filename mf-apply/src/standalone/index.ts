// Standalone development page: shared packages are negotiated before the app starts.
import('./bootstrap');
