import './app-shell';
