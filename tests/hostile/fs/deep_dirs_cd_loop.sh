# mkdir + cd in a loop: the depth limit refuses the 65th level (strict:
# 64), the loop ends, and the deep working directory still works.
# limit: max_commands=100000 max_loop_iterations=100000
# expect-stop: none
# expect-stderr-contains: mkdir: cannot create directory 'd'
# expect-stdout-contains: deep enough
for i in {1..10000}; do mkdir d && cd d || break; done
echo "deep enough at $i"
