# A script that runs itself with `bash self.sh` (and a function that
# re-enters through `bash -c`, which does not see the function: a child
# bash gets no functions): the depth limit ends the self-recursion.
# Under the strict profile each level also holds a subshell's memory
# charge (its copy of the variables and 128 KiB), so the memory limit may
# come first: either stop is named and bounds it.
# expect-stop: call_depth|memory
# expect-max-seconds: 3
f() { bash -c f; }
f 2>/dev/null
echo 'bash self.sh' > self.sh
bash self.sh
