# check-stderr
df --output=source,size,used,avail,pcent . | head -n1 | tr -s ' '
df --output=itotal,iused,iavail,ipcent . | head -n1 | tr -s ' ' | sed 's/^ //'
df --output=bogus .; echo "[$?]"
df --output=size --output=size .; echo "[$?]"
df -P --output .; echo "[$?]"
