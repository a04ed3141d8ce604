eval 'exec 3> f'
echo one >&3
eval 'exec 3>&-' 2>/dev/null
echo two >&3 2>/dev/null || echo "3 closed"
eval 'exec 4< f'
read -r l <&4
echo "read: $l"
exec 4<&-
