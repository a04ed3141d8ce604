ionice; echo "[$?]"
ionice -p $$; echo "[$?]"
