df --output=pcent . | tail -n1 | grep -c '%$'
df --output=ipcent . | tail -n1 | grep -c '%$\|-$'
