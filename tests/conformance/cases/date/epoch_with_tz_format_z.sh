date -d @0 -u '+%z %:z %Z'
