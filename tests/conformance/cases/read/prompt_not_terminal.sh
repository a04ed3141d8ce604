# check-stderr
read -p 'prompt> ' v <<< value
echo "$v"
