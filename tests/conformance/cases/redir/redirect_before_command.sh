> pre.txt echo prefix form
cat pre.txt
