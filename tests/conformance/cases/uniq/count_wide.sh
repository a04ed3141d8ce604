yes x | head -n 1234567 | uniq -c
