# from mikefarah/yq docs: usage/split-into-multiple-files "Split documents into files" (with --no-doc, as its TIP says)
printf 'a: test_doc1\n---\na: test_doc2\n' > myfile.yml
yq -N -s '.a' myfile.yml
cat test_doc1.yml test_doc2.yml
