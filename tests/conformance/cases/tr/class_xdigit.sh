echo 'deadbeef xyz 0F' | tr -d '[:xdigit:]'
