sync; echo "[$?]"
echo x > f; sync f f; echo "[$?]"
