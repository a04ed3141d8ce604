hostname | od -An -c | tr -s ' ' | grep -c '\\n'
hostname | grep -c ' '
