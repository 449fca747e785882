"""Process and shared Discord plumbing: settings, startup, storage, tables, views, texts."""
