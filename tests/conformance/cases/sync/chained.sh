echo x > f; sync && echo synced
