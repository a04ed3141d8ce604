a=(x)
echo "[${a[0]+set}] [${a[1]+set}]"
