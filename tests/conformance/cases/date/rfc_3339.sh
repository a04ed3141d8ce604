date -u -d @1700000000 --rfc-3339=date; date -u -d @1700000000 --rfc-3339=seconds; date -u -d @1700000000.25 --rfc-3339=ns
