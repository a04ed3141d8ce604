mkdir d; rmdir d; [ -e d ] || echo gone
