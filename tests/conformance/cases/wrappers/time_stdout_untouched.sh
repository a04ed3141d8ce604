command time -f '' echo out 2>/dev/null
command time -p -o t.txt true; sed 's/ .*//' t.txt
