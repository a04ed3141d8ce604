# ${#v} counts bytes under LC_ALL=C, characters in a UTF-8 locale
v='é'
w='naïve café'
echo "C: ${#v} ${#w}"
a=(é ab)
echo "C element: ${#a[0]} count: ${#a[@]}"
LC_ALL=C.UTF-8
echo "UTF-8: ${#v} ${#w}"
echo "UTF-8 element: ${#a[0]} count: ${#a[@]}"
