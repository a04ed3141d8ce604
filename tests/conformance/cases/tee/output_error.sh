# check-stderr
echo x | tee -p f; echo "[$?]"
echo x | tee --output-error=warn f; echo "[$?]"
echo x | tee --output-error=exit f; echo "[$?]"
echo x | tee --output-error=bogus f; echo "[$?]"
