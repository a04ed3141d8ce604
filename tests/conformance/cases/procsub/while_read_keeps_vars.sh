count=0
while read -r line; do count=$((count+1)); last=$line; done < <(printf 'x\ny\nz\n')
echo "$count $last"
