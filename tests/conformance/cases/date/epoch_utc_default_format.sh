date -u -d @0
