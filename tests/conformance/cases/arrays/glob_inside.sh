touch f1 f2 g1
a=(f*)
echo "${#a[@]} ${a[1]}"
