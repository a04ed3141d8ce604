# check-stderr
echo x | tee -z; echo "[$?]"
echo x | tee --appendx f; echo "[$?]"
