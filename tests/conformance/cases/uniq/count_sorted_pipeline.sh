printf 'pear\napple\npear\nfig\napple\npear\n' | sort | uniq -c | sort -rn
