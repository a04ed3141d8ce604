date -u -d @1700000000 -I; date -u -d @1700000000 -Ihours; date -u -d @1700000000 -Iminutes; date -u -d @1700000000 -Iseconds; date -u -d @1700000000.5 -Ins
