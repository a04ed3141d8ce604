date -u -d @0 '+%Q %E %O'
