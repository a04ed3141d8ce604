stdbuf -oL sh -c 'exit 3'; echo "[$?]"
echo in | stdbuf -oL tr a-z A-Z
