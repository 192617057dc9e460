/**
 * The API client layer (spec §7, §8): request styles, errors, the request cache, the v1
 * fetch and paginator, and every call grouped by family: what a caller uses, named one by one
 * (the headers, the retry policy and the URL builders stay inside). Import only what you call:
 * each module is free of side effects, so bundlers drop the rest.
 */
// Errors the calls reject with, and what a caller asks of one.
export { FetchError, HttpError, ResponseError, ValidationError, isRetryable, isAbortError, DEFAULT_FETCH_ERROR } from './errors';
// The request styles (spec §7), for a call this layer does not have yet.
export { getJson, postForm, apiRequest, sendJson, isOkResult } from './request';
export type { OkResult, Method, CallOptions, GetOptions, FormPostOptions, ApiRequestOptions, JsonRequestOptions } from './request';
export type { Query, QueryValue } from './url';
// The cache of GET answers and the paginator, for a caller's own lists.
export { createRequestCache, REQUEST_CACHE_TTL_MS } from './cache';
export type { RequestCache, RequestCacheOptions, Loader } from './cache';
export { createPaginator } from './paginator';
export type { Page, PageFetcher, Paginator } from './paginator';
export type { Json, JsonRecord, Body } from './json';
// The normalised GIF and user every call answers with, for callers that type their handlers.
export type { Gif, User, Rendition, Images, RenditionName, BottleData, ExternalMedia } from '../model';
// The embed codes the share menu and the snippet builder hand out, for a server that writes them.
export { embedScriptCode, scriptEmbedCode, iframeEmbedCode, responsiveEmbedCode, ampEmbedCode, embedUrl, embedSize, normalizeGif } from '../model';
export type { EmbedScriptSettings, ScriptEmbedOptions, EmbedParam } from '../model';
// Every call of the service, by family (spec §7).
export { v1, publicCache } from './v1';
export type { V1Options } from './v1';
export type { Pagination, Meta } from './public-types';
export {
  gif, gifs, categories, subcategories, emoji, search, trending, random, related, trendingSearches, searchTags, relatedTags,
  relatedGifTags, associations, channelsSearch, videos, video, MISSING_GIF_ID,
} from './public';
export type {
  MediaType, Rating, PublicOptions, ListOptions, GifResult, GifsResult, Category, SearchTag, ChannelResult, ListResult,
  SearchOptions, TypeOptions, RandomOptions, RelatedOptions, TermsResult, AssociationsResult, ChannelsSearchOptions, VideosOptions,
} from './public';
export {
  loginCheck, instashare, favorite, gifAnalytic, twitterUpload, follows, selfFollows, follow, unfollow, getUser, saveUser,
  userViewCount, proxyGifViewCount, ANALYTIC_FAILED_MESSAGE,
} from './site';
export type { UserOptions, SaveUserOptions, ViewCount } from './site';
export {
  channelGifLinks, channelGifs, channelsV3, channels, channelChildren, createChannel, moveChannel, updateChannel, deleteChannel,
  addChannelGif, removeChannelGif, createRankedTag, updateRankedTag, deleteRankedTag, createMagicTag, deleteMagicTag, artists,
  significantTags, socialSearch, CHANNEL_CHILDREN_WITHOUT_PARENT,
} from './channels';
export type { Channel, ChannelGif, ChannelGifsPage, ChannelGifsOptions, ChannelsQuery, UpdateChannelOptions } from './channels';
export {
  tagCounts, extendedMetadata, tagTranslations, bulkLanguageTags, addLanguageTags, deleteLanguageTags, updateGif, moderateGif,
  batchActions, userBatch, createBatchAction, updateBatchAction, leaderboard, BATCH_ACTION_ASSIGNED,
} from './metadata';
export type { BatchJob, LanguageTags, BatchQuery } from './metadata';
export {
  getStory, getStoryBySlug, saveStory, deleteStory, getUserStories, storiesCache, getPartnerArtistStories, getTrendingStories,
  addTrendingStory, deleteTrendingStory, NO_USERNAME_MESSAGE,
} from './stories';
export type {
  StorySort, Story, TrendingStory, StoriesPage, StoryOptions, UserStoriesOptions, PartnerStoriesOptions, TrendingStoriesOptions,
} from './stories';
export { scheduleGifs, getSchedule, getScheduleActivity, deleteScheduled } from './scheduler';
export type { ScheduledBatch } from './scheduler';
export { searchServiceCsv, videoInfo, trimVideo, contentBlocks, trendingSearchBlocks, randomCollections, randomArtists } from './services';
export type { VideoInfo, VideoTrim } from './services';

/** Hosts and key for every call (API, site, stories, scheduler, imaging, pingback). */
export { getConfig, type Config } from '../config';
export { configure } from './configure';
