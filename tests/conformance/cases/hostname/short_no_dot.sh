hostname -s | grep -c '\.'
