sleep 10 &
kill %1
wait %1
echo "status $?"
sleep 10 &
kill -9 %%
wait
echo "wait $?"
