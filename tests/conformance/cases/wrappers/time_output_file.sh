command time -o t.txt -f 'status %x' true; cat t.txt
command time -o t.txt -f 'one' true; command time -a -o t.txt -f 'two' true; cat t.txt
