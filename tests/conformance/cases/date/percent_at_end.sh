date -u -d @0 '+abc%'
