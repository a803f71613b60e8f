import { render } from 'preact';
import { App } from './app/App';
import './styles.css';
import './features.css';

render(<App />, document.getElementById('app')!);

// The app shell works offline (public/sw.js); the API is never cached.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => { void navigator.serviceWorker.register('/sw.js').catch(() => undefined); });
}
