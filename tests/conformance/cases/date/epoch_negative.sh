date -u -d @-86400 '+%F %T %s'
