mkdir d
touch d/x
find d -print0 | wc -c
find d -name x -print0 -print
find d -fprint list -name nothing
wc -c < list
find d -name x -fprint list2 -fprint0 list3 -fprintf list4 '<%f>\n'
cat list2 list4
wc -c < list3
rm list list2 list3 list4
