# check-stderr
kill %3
echo "status $?"
kill %%
echo "status $?"
kill %x
echo "status $?"
