# A field within printf's bound but twice the memory limit, kept in a
# variable with `printf -v`.
# limit: max_memory=512K
# expect-stop: memory
# expect-stdout-empty:
printf -v x '%*s' 1000000 x
echo "not reached: ${#x}"
