date -u -d '2024-12-31' '+%j %u %w %U %W %V'
