# check-stderr
# A subshell, a pipeline stage and a background job start outside every
# loop: break and continue there do not reach the loop around them. A
# command substitution keeps the loop.
for i in 1 2; do echo $i | { break; echo piped $i; }; done
for i in 1 2; do (continue; echo "subshell $i"); echo "status $?"; done
for i in 1 2; do { break; echo "job $i"; } & wait; done
for i in 1; do x=$(continue; echo y); echo "[$x]"; done
echo end
