ionice -c realtime true; echo "[$?]"
ionice -c best-effort true; echo "[$?]"
