# check-stderr
for ((i=0; i<; i++)); do echo never; done
echo "after cond: $?"
for ((i=0; i<2; i+)); do echo "pass $i"; done
echo "after step: $?"
for ((i=0+; i<2; i++)); do echo never; done
echo "after init: $?"
f() {
    for ((i=0; i<2/0; i++)); do :; done
    echo "in f: $?"
}
f
echo end
