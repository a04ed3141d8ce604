truncate -s 3 new; wc -c < new
