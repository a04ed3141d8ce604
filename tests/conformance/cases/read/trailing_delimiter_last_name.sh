# The last name takes the rest of the line, less one trailing delimiter
# when the rest is a single field and that delimiter.
for inp in 'a,b,c,' 'a,b,c,,' 'a,b,c, ' 'a,b,' 'a,,' 'a,b,c,d,' 'a,b,c ,' 'x:'; do
  IFS=", " read -r a b c <<< "$inp"; printf '3: [%s][%s][%s]  ' "$a" "$b" "$c"
  IFS=, read -r a b <<< "$inp"; printf '2: [%s][%s]  ' "$a" "$b"
  IFS=, read -r a <<< "$inp"; printf '1: [%s]\n' "$a"
done
IFS=: read -r user pass uid <<< 'root:x:0:'
echo "[$user][$pass][$uid]"
IFS=, read -r f1 f2 <<< 'k\,v,w,'
echo "[$f1][$f2]"
IFS=, read f1 f2 <<< 'k\,v,w\,,'
echo "[$f1][$f2]"
