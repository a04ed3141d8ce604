printf 'from3\n' > f
exec 3< f
read -u 3 line
echo "$line"
exec 3<&-
