set -- one two
for x; do echo $x; done
