hostname -f | wc -l
hostname --short | wc -l
hostname --fqdn | grep -c .
