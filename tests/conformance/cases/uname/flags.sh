uname -s
uname -o
uname --kernel-name --operating-system
uname -a | wc -w | awk '{print ($1 >= 6)}'
for f in -n -r -v -m -p -i; do uname $f | wc -l; done
uname -snrvmo | wc -w | awk '{print ($1 >= 6)}'
