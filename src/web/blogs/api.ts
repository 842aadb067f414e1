import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the public blog pages must not pull zod (the schemas) into their chunks.
import type { BlogStatus } from '../../shared/blogs/model';
import type { CreateBlogInput, UpdateBlogInput } from '../../shared/blogs/schemas';
import { publishedBlogsArgs } from '../../shared/blogs/model';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { getPage, publicApi, secureApi } from '../lib/api-client';

export const CONTENT_PAGE_SIZE = 10;

/** The status filter of the content page: one of the statuses, or every blog. */
export type BlogFilter = BlogStatus | 'all';

export const blogKeys = {
  all: ['blogs'] as const,
  /** The public list: published blogs only. */
  published: (page: number) => ['blogs', 'published', page] as const,
  /** The staff list on the content page. */
  managed: (filter: BlogFilter, page: number) => ['blogs', 'managed', filter, page] as const,
  /** `staff`: read with the staff token, which also opens drafts (a preview before publishing). */
  detail: (id: string, staff: boolean) => ['blogs', 'detail', id, staff ? 'staff' : 'public'] as const,
};

export const publishedBlogsQuery = (page: number) =>
  queryOptions({
    queryKey: blogKeys.published(page),
    queryFn: ({ signal }) => getPage(publicApi, ENDPOINTS.blogs, publishedBlogsArgs(page), signal),
    placeholderData: keepPreviousData,
  });

export function usePublishedBlogs(page: number) {
  return useQuery(publishedBlogsQuery(page));
}

export function useManagedBlogs(filter: BlogFilter, page: number) {
  return useQuery({
    queryKey: blogKeys.managed(filter, page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.blogs, { status: filter === 'all' ? undefined : filter, page, limit: CONTENT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One blog. Visitors use the public client (published blogs only) and never wait for the session;
 * staff read with their token, which also opens drafts, so they can preview before publishing.
 */
export function useBlog(id: string, staff: boolean, enabled = true) {
  return useQuery({
    enabled,
    queryKey: blogKeys.detail(id, staff),
    queryFn: ({ signal }) => (staff ? secureApi : publicApi).call(ENDPOINTS.blog, { args: { id }, signal }),
    // When the session turns out to be staff's, keep showing the public copy while re-reading.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBlogInput) => secureApi.call(ENDPOINTS.createBlog, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}

/** PATCH /blog/{id} (issue 38): the post's fields, its status kept; every blog list and the post read again. */
export function useUpdateBlog(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBlogInput) => secureApi.call(ENDPOINTS.updateBlog, { args: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}

export function useChangeBlogStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { id: string; status: BlogStatus }) => secureApi.call(ENDPOINTS.changeBlogStatus, { args }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.deleteBlog, { args: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
