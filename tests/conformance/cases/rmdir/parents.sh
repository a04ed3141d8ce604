mkdir -p a/b/c; rmdir -p a/b/c; ls; echo end
